// The deep-chat peer: importing it defines <deep-chat>.
import "deep-chat";
